/**
 * The heart on a goods (issue 29 section 1): a member's favourite, kept by the
 * service so the member's phones agree. A button with the goods' name in its
 * accessible name and aria-pressed; a guest is asked to sign in (and comes
 * back to the menu, the cart kept: it is the app's stored cart, untouched).
 */
import { memo, useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { useGo } from '../../app/navigation';
import { defineMessages } from '../../i18n/defineMessages';
import { selectShopParams, signInMessages, signInPath, useIsMember } from '../../session';
import { useConfirm } from '../../ui/ConfirmDialog';
import { favouritesApi } from './favouritesApi';
import css from './favourites.css';

export const favouriteMessages = defineMessages({
  add: { id: 'favourites.add', defaultMessage: 'Add {name} to favourites' },
  remove: { id: 'favourites.remove', defaultMessage: 'Remove {name} from favourites' },
  signIn: { id: 'favourites.signIn', defaultMessage: 'Sign in to keep your favourites on all your phones. Your cart stays as it is.' },
  title: { id: 'favourites.title', defaultMessage: 'Favourites' },
});

let styled = false;
function useStyle() {
  if (styled || typeof document === 'undefined' || typeof css !== 'string') return;
  styled = true;
  const style = document.createElement('style');
  style.dataset.css = 'favourites';
  style.textContent = css;
  document.head.appendChild(style);
}

/** The shop's favourite goods ids of the signed-in member (none for a guest: nothing is asked). */
export function useFavouriteIds(): readonly string[] {
  const member = useIsMember();
  const { ShopID } = useAppSelector(selectShopParams);
  const { data } = favouritesApi.useFavouritesQuery({ ShopID }, { skip: !member || !ShopID });
  return member ? (data ?? NONE) : NONE;
}
const NONE: readonly string[] = [];

/**
 * What a tap on a heart does, made once by the page for all its hearts (a menu shows dozens: a
 * mutation hook, a query and the router's hooks in every heart were a fifth of the menu's first
 * render at a phone's speed, issue 24).
 */
export function useFavouriteToggle(): (goodsId: string, on: boolean) => Promise<void> {
  const member = useIsMember();
  const confirm = useConfirm();
  const go = useGo();
  const location = useLocation();
  const { ShopID } = useAppSelector(selectShopParams);
  const [setFavourite] = favouritesApi.useSetFavouriteMutation();
  return useCallback(
    async (goodsId: string, on: boolean) => {
      if (!member) {
        if (await confirm({ message: favouriteMessages.signIn, confirmLabel: signInMessages.signIn })) go(signInPath(location.pathname + location.search));
        return;
      }
      // Shown at once; put back if the service refuses (its message is toasted by the error listener).
      await setFavourite({ ShopID, GoodsID: goodsId, on: !on });
    },
    [member, confirm, go, location.pathname, location.search, ShopID, setFavourite],
  );
}

/** A page's hearts: which goods are the member's favourites, and what a tap does. */
export interface Favourites {
  list: readonly string[];
  ids: ReadonlySet<string>;
  toggle: (goodsId: string, on: boolean) => Promise<void>;
}

export function useFavourites(): Favourites {
  // The hearts' style with the page, before its first rows: a style sheet added with them restyled the whole page in their task.
  useStyle();
  const list = useFavouriteIds();
  const ids = useMemo(() => new Set(list), [list]);
  const toggle = useFavouriteToggle();
  return useMemo(() => ({ list, ids, toggle }), [list, ids, toggle]);
}

export const FavouriteButton = memo(function FavouriteButton({
  goodsId,
  name,
  on,
  onToggle,
}: {
  goodsId: string;
  name: string;
  on: boolean;
  onToggle: Favourites['toggle'];
}) {
  useStyle();
  const intl = useIntl();
  return (
    <button
      type="button"
      className="fav-button"
      aria-pressed={on}
      aria-label={intl.formatMessage(on ? favouriteMessages.remove : favouriteMessages.add, { name })}
      onClick={() => void onToggle(goodsId, on)}
    >
      <span aria-hidden="true">{on ? '♥' : '♡'}</span>
    </button>
  );
});
