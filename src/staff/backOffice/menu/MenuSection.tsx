/**
 * The back office's Menu section (issue 27 section 1; #/menu, its own chunk):
 * the shop's classes (ordered with arrows, names in three languages, the way
 * of ordering and the outlets that show them), the goods of the class chosen,
 * each opened in the goods form (GoodsEditor), and the menu as CSV. Owner and
 * managers; the service refuses anyone else (403), which is said here.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { localName } from '../../../ui-kit/localName';
import type { SectionProps } from '../../app/sectionProps';
import { CsvPanel } from './CsvPanel';
import { GoodsEditor } from './GoodsEditor';
import { MenuIntl } from './MenuIntl';
import { MenuError, menuApi, type MenuAnswer, type MenuClassJson, type MenuGoodsJson } from './menuApi';

const m = defineMessages({
  title: { id: 'staff.menu.title', defaultMessage: 'Menu' },
  loading: { id: 'staff.menu.loading', defaultMessage: 'Loading the menu…' },
  failed: { id: 'staff.menu.failed', defaultMessage: 'The menu could not be loaded: {reason}' },
  shop: { id: 'staff.menu.shop', defaultMessage: 'Shop' },
  classes: { id: 'staff.menu.classes', defaultMessage: 'Classes' },
  up: { id: 'staff.menu.class.up', defaultMessage: 'Move {name} up' },
  down: { id: 'staff.menu.class.down', defaultMessage: 'Move {name} down' },
  newClass: { id: 'staff.menu.class.new', defaultMessage: 'New class' },
  editClass: { id: 'staff.menu.class.edit', defaultMessage: 'Edit class {name}' },
  mode: { id: 'staff.menu.class.mode', defaultMessage: 'Ways of ordering' },
  mode0: { id: 'staff.menu.class.mode.all', defaultMessage: 'All' },
  mode1: { id: 'staff.menu.class.mode.takeout', defaultMessage: 'Takeout only' },
  mode2: { id: 'staff.menu.class.mode.dineIn', defaultMessage: 'Dine-in only' },
  shownAt: { id: 'staff.menu.class.shownAt', defaultMessage: 'Shown at' },
  archiveClass: { id: 'staff.menu.class.archive', defaultMessage: 'Archive class' },
  unarchiveClass: { id: 'staff.menu.class.unarchive', defaultMessage: 'Bring class back' },
  archived: { id: 'staff.menu.archived', defaultMessage: 'archived' },
  goods: { id: 'staff.menu.goods', defaultMessage: 'Goods' },
  newGoods: { id: 'staff.menu.goods.add', defaultMessage: 'New goods' },
  open: { id: 'staff.menu.goods.open', defaultMessage: 'Edit {name}' },
  noGoods: { id: 'staff.menu.goods.none', defaultMessage: 'No goods in this class yet.' },
  soldOutTag: { id: 'staff.menu.goods.soldOutTag', defaultMessage: 'sold out' },
  nameZh: { id: 'staff.menu.nameZh', defaultMessage: 'Name (simplified Chinese)' },
  nameTw: { id: 'staff.menu.nameTw', defaultMessage: 'Name (traditional Chinese)' },
  nameEn: { id: 'staff.menu.nameEn', defaultMessage: 'Name (English)' },
  required: { id: 'staff.menu.required', defaultMessage: 'required' },
  missing: { id: 'staff.menu.missing', defaultMessage: 'missing' },
  save: { id: 'staff.menu.save', defaultMessage: 'Save' },
  cancel: { id: 'staff.menu.cancel', defaultMessage: 'Close' },
  errName: { id: 'staff.menu.err.name', defaultMessage: 'The name in {language} is required.' },
  errFailed: { id: 'staff.menu.err.failed', defaultMessage: 'Not saved: {reason}' },
  langZh: { id: 'staff.menu.lang.zh', defaultMessage: 'simplified Chinese' },
  langTw: { id: 'staff.menu.lang.tw', defaultMessage: 'traditional Chinese' },
  langEn: { id: 'staff.menu.lang.en', defaultMessage: 'English' },
});

type Lk = 'zh' | 'tw' | 'en';
const LANGS: readonly Lk[] = ['zh', 'tw', 'en'];
const NAME_LABEL = { zh: m.nameZh, tw: m.nameTw, en: m.nameEn };
const LANG_WORD = { zh: m.langZh, tw: m.langTw, en: m.langEn };
const MODES = [
  ['0', m.mode0],
  ['1', m.mode1],
  ['2', m.mode2],
] as const;

const STYLE = `
.bo-menu { display: grid; grid-template-columns: minmax(220px, 280px) 1fr; gap: 16px; padding: 12px; }
.bo-menu h2 { grid-column: 1 / -1; margin: 0; }
.bo-menu .panel { background: #fff; border: 1px solid var(--line, #ddd); border-radius: 10px; padding: 12px; min-width: 0; }
.bo-menu ul.list { list-style: none; margin: 0; padding: 0; }
.bo-menu ul.list li { display: flex; align-items: center; gap: 4px; border-bottom: 1px solid var(--line, #ddd); padding: 4px 0; }
.bo-menu ul.list li.active { background: var(--fresh, #fff3c4); }
.bo-menu ul.list li > .btn.name { flex: 1; text-align: left; border: 0; background: none; }
.bo-menu .btn.small { min-height: 44px; min-width: 44px; padding: 0 8px; }
.bo-menu label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; }
.bo-menu label.check { flex-direction: row; align-items: center; min-height: 44px; }
.bo-menu input:not([type=checkbox]), .bo-menu select, .bo-menu textarea { min-height: 40px; padding: 4px 8px; border: 1px solid var(--line, #ddd); border-radius: 8px; font: inherit; }
.bo-menu .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 10px; margin: 10px 0; }
.bo-menu fieldset { border: 1px solid var(--line, #ddd); border-radius: 8px; margin: 10px 0; }
.bo-menu .tag { font-style: normal; color: var(--muted, #666); }
.bo-menu .tag.missing { color: #b26a00; }
.bo-menu .invalid { border-color: var(--danger, #c62828) !important; }
.bo-menu .actions { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 10px; }
.bo-menu .preview-card { display: flex; gap: 10px; border: 1px solid var(--line, #ddd); border-radius: 10px; padding: 8px; max-width: 420px; background: #fff; }
.bo-menu .preview-card img, .bo-menu .no-picture { width: 160px; height: 120px; object-fit: cover; border-radius: 8px; background: #eee; }
.bo-menu .customer-preview { margin: 0; }
.bo-menu .csv { grid-column: 1 / -1; }
@media (max-width: 900px) { .bo-menu { grid-template-columns: 1fr; } }
`;

function ClassForm({ api, menu, cls, locale, onSaved, onClose }: { api: ReturnType<typeof menuApi>; menu: MenuAnswer; cls: MenuClassJson | null; locale: SectionProps['locale']; onSaved: (c: MenuClassJson) => void; onClose: () => void }) {
  const intl = useIntl();
  const [names, setNames] = useState<Record<Lk, string>>(cls ? { ...cls.names } : { zh: '', tw: '', en: '' });
  const [mode, setMode] = useState<'0' | '1' | '2'>(cls?.businessMode ?? '0');
  const [outlets, setOutlets] = useState<string[]>(cls ? cls.outlets : menu.outlets.map((o) => o.baseId));
  const [version, setVersion] = useState(cls?.version ?? 0);
  const [error, setError] = useState('');
  const save = async () => {
    if (!names[menu.language].trim()) {
      setError(intl.formatMessage(m.errName, { language: intl.formatMessage(LANG_WORD[menu.language]) }));
      return;
    }
    try {
      const body = { names, businessMode: mode, outlets };
      const saved = cls ? await api.updateClass(cls.classId, { ...body, version }) : await api.createClass({ ...body, shopId: menu.shopId });
      setError('');
      onSaved(saved);
    } catch (err) {
      if (!(err instanceof MenuError)) throw err;
      if (err.status === 409 && err.current && 'classId' in err.current && !('goodsId' in err.current)) {
        const fresh = err.current;
        setNames({ ...fresh.names });
        setMode(fresh.businessMode);
        setOutlets(fresh.outlets);
        setVersion(fresh.version);
      }
      setError(intl.formatMessage(m.errFailed, { reason: err.message }));
    }
  };
  return (
    <form
      aria-label={cls ? intl.formatMessage(m.editClass, { name: localName(cls.names, locale) }) : intl.formatMessage(m.newClass)}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      {LANGS.map((l) => (
        <label key={l}>
          <span>
            {intl.formatMessage(NAME_LABEL[l])}
            {l === menu.language ? <em className="tag"> ({intl.formatMessage(m.required)})</em> : !names[l].trim() ? <em className="tag missing"> ({intl.formatMessage(m.missing)})</em> : null}
          </span>
          <input value={names[l]} maxLength={40} onChange={(e) => setNames({ ...names, [l]: e.target.value })} />
        </label>
      ))}
      <label>
        <span>{intl.formatMessage(m.mode)}</span>
        <select value={mode} onChange={(e) => setMode(e.target.value as '0' | '1' | '2')}>
          {MODES.map(([v, text]) => (
            <option key={v} value={v}>
              {intl.formatMessage(text)}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{intl.formatMessage(m.shownAt)}</legend>
        {menu.outlets.map((o) => (
          <label key={o.baseId} className="check">
            <input type="checkbox" checked={outlets.includes(o.baseId)} onChange={(e) => setOutlets(e.target.checked ? [...outlets, o.baseId] : outlets.filter((b) => b !== o.baseId))} />
            {o.name}
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary">
          <FormattedMessage {...m.save} />
        </button>
        <button type="button" className="btn" onClick={onClose}>
          <FormattedMessage {...m.cancel} />
        </button>
      </div>
    </form>
  );
}

export default function MenuSection(props: SectionProps) {
  return (
    <MenuIntl locale={props.locale}>
      <MenuPanel {...props} />
    </MenuIntl>
  );
}

function MenuPanel({ session, locale }: SectionProps) {
  const intl = useIntl();
  const api = useMemo(() => menuApi(session.token, locale), [session.token, locale]);
  const [menu, setMenu] = useState<MenuAnswer | null>(null);
  const [failed, setFailed] = useState('');
  const [shopId, setShopId] = useState('');
  const [classId, setClassId] = useState('');
  const [editingClass, setEditingClass] = useState<MenuClassJson | 'new' | null>(null);
  const [editing, setEditing] = useState<MenuGoodsJson | 'new' | null>(null);

  const load = useCallback(
    async (shop = shopId) => {
      try {
        const read = await api.menu(shop);
        setMenu(read);
        setFailed('');
        setClassId((c) => (read.classes.some((x) => x.classId === c) ? c : (read.classes[0]?.classId ?? '')));
      } catch (err) {
        if (!(err instanceof MenuError)) throw err;
        setFailed(err.message);
      }
    },
    [api, shopId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (!menu) {
    return failed ? (
      <p role="alert" className="error">
        <FormattedMessage {...m.failed} values={{ reason: failed }} />
      </p>
    ) : (
      <p role="status">
        <FormattedMessage {...m.loading} />
      </p>
    );
  }
  const cls = menu.classes.find((c) => c.classId === classId) ?? null;
  const goods = menu.goods.filter((g) => g.classId === classId);
  const move = async (index: number, by: number) => {
    const ids = menu.classes.map((c) => c.classId);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    try {
      const classes = await api.orderClasses(menu.shopId, ids);
      setMenu({ ...menu, classes });
    } catch (err) {
      if (!(err instanceof MenuError)) throw err;
      setFailed(err.message);
    }
  };

  return (
    <section className="bo-menu" aria-labelledby="bo-menu-title">
      <style>{STYLE}</style>
      <h2 id="bo-menu-title">
        <FormattedMessage {...m.title} />
      </h2>
      <div className="panel">
        {menu.shops.length > 1 && (
          <label>
            <span>{intl.formatMessage(m.shop)}</span>
            <select
              value={menu.shopId}
              onChange={(e) => {
                setShopId(e.target.value);
                setEditing(null);
                setEditingClass(null);
              }}
            >
              {menu.shops.map((s) => (
                <option key={s.shopId} value={s.shopId}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <h3>{intl.formatMessage(m.classes)}</h3>
        <ul className="list">
          {menu.classes.map((c, i) => {
            const name = localName(c.names, locale);
            return (
              <li key={c.classId} className={c.classId === classId ? 'active' : ''}>
                <button type="button" className="btn name" aria-pressed={c.classId === classId} onClick={() => (setClassId(c.classId), setEditing(null))}>
                  {name} <span className="muted">({c.goodsCount})</span>
                  {c.archived && <em className="tag"> {intl.formatMessage(m.archived)}</em>}
                </button>
                <button type="button" className="btn small" aria-label={intl.formatMessage(m.up, { name })} disabled={i === 0} onClick={() => void move(i, -1)}>
                  ↑
                </button>
                <button type="button" className="btn small" aria-label={intl.formatMessage(m.down, { name })} disabled={i === menu.classes.length - 1} onClick={() => void move(i, 1)}>
                  ↓
                </button>
              </li>
            );
          })}
        </ul>
        <div className="actions">
          <button type="button" className="btn" onClick={() => setEditingClass('new')}>
            <FormattedMessage {...m.newClass} />
          </button>
          {cls && (
            <button type="button" className="btn" onClick={() => setEditingClass(cls)}>
              {intl.formatMessage(m.editClass, { name: localName(cls.names, locale) })}
            </button>
          )}
          {cls && (
            <button
              type="button"
              className="btn btn-danger"
              onClick={() =>
                void api.archiveClass(cls.classId, !cls.archived).then(
                  () => load(),
                  (err: unknown) => setFailed(err instanceof Error ? err.message : String(err)),
                )
              }
            >
              <FormattedMessage {...(cls.archived ? m.unarchiveClass : m.archiveClass)} />
            </button>
          )}
        </div>
        {editingClass && (
          <ClassForm
            key={editingClass === 'new' ? 'new' : editingClass.classId}
            api={api}
            menu={menu}
            cls={editingClass === 'new' ? null : editingClass}
            locale={locale}
            onSaved={(c) => {
              setEditingClass(null);
              setClassId(c.classId);
              void load();
            }}
            onClose={() => setEditingClass(null)}
          />
        )}
      </div>
      <div className="panel">
        <h3>{intl.formatMessage(m.goods)}</h3>
        {failed && (
          <p role="alert" className="error">
            {failed}
          </p>
        )}
        {goods.length === 0 && <p className="muted">{intl.formatMessage(m.noGoods)}</p>}
        <ul className="list">
          {goods.map((g) => {
            const name = localName(g.names, locale);
            return (
              <li key={g.goodsId}>
                <button type="button" className="btn name" aria-label={intl.formatMessage(m.open, { name })} onClick={() => setEditing(g)}>
                  <span className="muted">{g.code}</span> {name} · {g.salesPrice}
                  {g.soldOut && <em className="tag"> {intl.formatMessage(m.soldOutTag)}</em>}
                  {g.archived && <em className="tag"> {intl.formatMessage(m.archived)}</em>}
                </button>
              </li>
            );
          })}
        </ul>
        <div className="actions">
          <button type="button" className="btn btn-primary" disabled={!cls} onClick={() => setEditing('new')}>
            <FormattedMessage {...m.newGoods} />
          </button>
        </div>
        {editing && (
          <GoodsEditor
            key={editing === 'new' ? `new-${classId}` : editing.goodsId}
            api={api}
            menu={menu}
            goods={editing === 'new' ? null : editing}
            classId={classId}
            locale={locale}
            onSaved={(saved) => setMenu((mn) => (mn ? { ...mn, goods: mn.goods.some((g) => g.goodsId === saved.goodsId) ? mn.goods.map((g) => (g.goodsId === saved.goodsId ? saved : g)) : [...mn.goods, saved] } : mn))}
            onClose={() => setEditing(null)}
          />
        )}
      </div>
      <CsvPanel api={api} shopId={menu.shopId} onImported={() => void load()} />
    </section>
  );
}
