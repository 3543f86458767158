/**
 * Below the goods form (GoodsEditor): the goods' pack units, bundle groups
 * (for goods with bundle parts), add-ons and spec translations, one part open
 * at a time, each saved by itself at the goods' version (shared/protocol/
 * staffMenuExtras.ts). Read when a part is first opened, and again when the
 * goods moved on (a save of the goods form, or someone else's).
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { localName } from '../../../ui-kit/localName';
import type { StaffLocale } from '../../i18n/locale';
import { AddOnsEditor } from './AddOnsEditor';
import { BundleGroupsEditor } from './BundleGroupsEditor';
import { PackUnitsEditor } from './PackUnitsEditor';
import { SpecTranslations } from './SpecTranslations';
import { MenuError, type GoodsExtras as Extras, type MenuAnswer, type MenuApi, type MenuGoodsJson } from './menuApi';

const m = defineMessages({
  title: { id: 'staff.menu.extras.title', defaultMessage: 'Packs, bundles, add-ons and spec translations' },
  packUnits: { id: 'staff.menu.extras.packUnits', defaultMessage: 'Pack units' },
  bundleGroups: { id: 'staff.menu.extras.bundleGroups', defaultMessage: 'Bundle groups' },
  addOns: { id: 'staff.menu.extras.addOns', defaultMessage: 'Add-ons' },
  spec: { id: 'staff.menu.extras.spec', defaultMessage: 'Spec translations' },
  loading: { id: 'staff.menu.extras.loading', defaultMessage: 'Loading…' },
  loadFailed: { id: 'staff.menu.extras.loadFailed', defaultMessage: 'Could not be read: {reason}' },
});

// Beside the Menu section's own style (MenuSection.tsx): fields and buttons a finger can hit on a 1024x768 tablet.
const STYLE = `
.goods-extras { border-top: 1px solid var(--line, #ddd); margin-top: 16px; padding-top: 8px; }
.goods-extras .btn { min-height: 44px; }
.goods-extras ul.bundle-parts { list-style: none; margin: 0; padding: 0; }
.goods-extras ul.bundle-parts li { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.4fr) auto; gap: 10px; align-items: end; border-bottom: 1px solid var(--line, #ddd); padding: 6px 0; }
.goods-extras table.spec-texts { width: 100%; border-collapse: collapse; table-layout: fixed; }
.goods-extras table.spec-texts th, .goods-extras table.spec-texts td { text-align: left; padding: 4px; }
.goods-extras table.spec-texts input { width: 100%; box-sizing: border-box; }
.goods-extras .spec-value { padding-left: 20px; }
`;

type Part = 'packUnits' | 'bundleGroups' | 'addOns' | 'spec';

export function GoodsExtras({ api, menu, goods, locale, onSaved }: { api: MenuApi; menu: MenuAnswer; goods: MenuGoodsJson; locale: StaffLocale; onSaved: (g: MenuGoodsJson, conflict: boolean) => void }) {
  const intl = useIntl();
  const [open, setOpen] = useState<Part | null>(null);
  const [extras, setExtras] = useState<Extras | null>(null);
  const [failed, setFailed] = useState('');
  // Older than the goods the form shows (the goods form saved since): read again. Newer (someone else saved): kept.
  const stale = !extras || extras.version < goods.version;

  useEffect(() => {
    if (!open || !stale) return;
    let live = true;
    setFailed('');
    api.extras(goods.goodsId).then(
      (e) => live && setExtras(e),
      (err: unknown) => live && setFailed(intl.formatMessage(m.loadFailed, { reason: err instanceof MenuError ? err.message : String(err) })),
    );
    return () => {
      live = false;
    };
  }, [open, stale, api, goods.goodsId, intl]);

  const parts: Part[] = ['packUnits', ...(goods.goodsType === 3 || (extras?.bundleGroups.length ?? 0) > 0 ? (['bundleGroups'] as const) : []), 'addOns', 'spec'];
  const saved = (g: MenuGoodsJson, e: Extras, conflict: boolean) => {
    setExtras(e);
    onSaved(g, conflict);
  };
  const common = extras ? { api, goods, extras, language: menu.language, decimals: menu.priceDecimals, onSaved: saved } : null;
  // Parts of a bundle: the shop's other plain goods (no spec, not bundles themselves, not archived).
  const bundleParts = menu.goods.filter((g) => g.goodsId !== goods.goodsId && g.goodsType !== 3 && g.attributes.length === 0 && !g.archived).map((g) => ({ goodsId: g.goodsId, name: `${g.code} ${localName(g.names, locale)}` }));

  return (
    <section className="goods-extras" aria-labelledby="goods-extras-title">
      <style>{STYLE}</style>
      <h4 id="goods-extras-title">{intl.formatMessage(m.title)}</h4>
      <div className="actions" role="group" aria-labelledby="goods-extras-title">
        {parts.map((p) => (
          <button key={p} type="button" className={`btn${open === p ? ' btn-primary' : ''}`} aria-expanded={open === p} aria-controls="goods-extras-part" onClick={() => setOpen(open === p ? null : p)}>
            {intl.formatMessage(m[p])}
          </button>
        ))}
      </div>
      {open && (
        <div id="goods-extras-part" role="region" aria-label={intl.formatMessage(m[open])}>
          {failed ? (
            <p role="alert" className="error">
              {failed}
            </p>
          ) : !common || stale ? (
            <p className="muted">{intl.formatMessage(m.loading)}</p>
          ) : open === 'packUnits' ? (
            <PackUnitsEditor {...common} />
          ) : open === 'bundleGroups' ? (
            <BundleGroupsEditor {...common} parts={bundleParts} />
          ) : open === 'addOns' ? (
            <AddOnsEditor {...common} />
          ) : (
            <SpecTranslations {...common} />
          )}
        </div>
      )}
    </section>
  );
}
