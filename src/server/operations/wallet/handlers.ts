/**
 * The member's wallet operations (issue 10): the balance history, the top-up
 * rules and top-ups through the payment provider. The ledgers are ./ledger.ts.
 *
 *   VipRecharge_VipRechargeRuleListByPage_Get      -> [{RuleID, Amo, GiftAmo, Sort}], [{TotalCount}]
 *   VipRecharge_EntVipAccountItemsListByPage_V2_Get -> [{ItemID, Kind, Amo, Balance, Remark, SheetID, CreatedDate}], [{TotalCount}]
 *   VipRecharge_VipAccountRechargeSumbit_V3_Add {RuleID | Amo}
 *       -> [{SheetID, PayID, PayUrl, Amo, GiftAmo, Status: 'pending'}]
 *   VipRecharge_VipAccountRechargeStatus_V3_Get {SheetID}
 *       -> [{SheetID, Status: 'pending'|'paid'|'cancelled'|'failed', Amo, GiftAmo, Balance, PaidAt, PayUrl}]
 *
 * A member sees only their own top-ups: another member's SheetID is answered
 * as one that does not exist.
 */
import { formatMoney, normalizeNumberFormats, toFixedHalfUp } from '../../../shared/domain/numbers';
import { decimal4 } from '../../../shared/protocol/envelope';
import { PAYMENT_CALLBACK_PATH } from '../../providers/payment';
import { OpError, type HandlerMap } from '../context';
import { langsFor, pick } from '../localized';
import { message } from '../../messages';
import { withLang } from '../payments/settle';
import { iso, paging, requireMember } from '../auth/rows';
import { applyRechargeCallback, newRechargeId, newRechargePayId, RECHARGE_COLUMNS, rechargeAnswer, rechargeProvider, rechargeReturnUrl, type RechargeRow } from './ledger';

export const walletHandlers: HandlerMap = {
  // Balance -------------------------------------------------------------------------
  async VipRecharge_VipRechargeRuleListByPage_Get(ctx, { tableData: [row] }) {
    const entId = row!.EntID || ctx.session?.entId || '';
    const { limit, offset } = paging(row!, 50);
    const rows = await ctx.tx.query<{ rule_id: string; amount: string; gift: string; sort: number }>(
      'SELECT rule_id, amount, gift, sort FROM recharge_rule WHERE ent_id = $1 AND NOT disabled ORDER BY sort, amount LIMIT $2 OFFSET $3',
      [entId, limit, offset],
    );
    const [total] = await ctx.tx.query<{ n: number }>('SELECT count(*)::int AS n FROM recharge_rule WHERE ent_id = $1 AND NOT disabled', [entId]);
    return {
      table1: rows.map((r) => ({ RuleID: r.rule_id, Amo: decimal4(r.amount), GiftAmo: decimal4(r.gift), Sort: r.sort })),
      table2: [{ TotalCount: total?.n ?? 0 }],
    };
  },

  async VipRecharge_EntVipAccountItemsListByPage_V2_Get(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const { limit, offset } = paging(row!);
    const rows = await ctx.tx.query<{ item_id: string; kind: string; amount: string; balance: string; remark: string; sheet_id: string; created_at: Date }>(
      `SELECT item_id::text, kind, amount, balance, remark, sheet_id, created_at FROM vip_account_item
        WHERE vip_id = $1 ORDER BY seq DESC LIMIT $2 OFFSET $3`,
      [vipId, limit, offset],
    );
    const [total] = await ctx.tx.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_account_item WHERE vip_id = $1', [vipId]);
    return {
      table1: rows.map((r) => ({
        ItemID: r.item_id,
        Kind: r.kind,
        Amo: decimal4(r.amount),
        Balance: decimal4(r.balance),
        Remark: r.remark,
        SheetID: r.sheet_id,
        CreatedDate: iso(r.created_at),
      })),
      table2: [{ TotalCount: total?.n ?? 0 }],
    };
  },

  /**
   * Starts a top-up: a rule's amount (and its gift), or a free amount within
   * the enterprise's limits (no gift unless it is a rule's amount); a pending
   * top-up and the provider's page to send the customer to.
   */
  async VipRecharge_VipAccountRechargeSumbit_V3_Add(ctx, { tableData: [row] }) {
    const session = requireMember(ctx);
    const { tx, now, config } = ctx;
    const [ent] = await tx.query<{
      amo_point: number;
      currency: string;
      currency_symbol: string;
      recharge_min: string;
      recharge_max: string;
      ent_name: string;
      ent_name_tw: string;
      ent_name_en: string;
    }>(
      `SELECT amo_point, currency, currency_symbol, recharge_min::text AS recharge_min, recharge_max::text AS recharge_max,
              ent_name, ent_name_tw, ent_name_en FROM enterprise WHERE ent_id = $1`,
      [session.entId],
    );
    if (!ent) throw new OpError('entNotFound');
    let amount: string;
    let gift = '0';
    let ruleId = '';
    if (row!.RuleID) {
      const [rule] = await tx.query<{ rule_id: string; amount: string; gift: string }>(
        'SELECT rule_id, amount::text AS amount, gift::text AS gift FROM recharge_rule WHERE rule_id = $1 AND ent_id = $2 AND NOT disabled',
        [row!.RuleID, session.entId],
      );
      if (!rule) throw new OpError('rechargeRuleNotFound');
      amount = toFixedHalfUp(rule.amount, ent.amo_point);
      gift = rule.gift;
      ruleId = rule.rule_id;
    } else {
      const value = row!.Amo;
      const show = (v: string) => formatMoney(v, normalizeNumberFormats({ AmoPoint: ent.amo_point }), ent.currency_symbol);
      const invalid = () => new OpError('rechargeAmountInvalid', undefined, { min: show(ent.recharge_min), max: show(ent.recharge_max) });
      if (value === undefined || !Number.isFinite(value)) throw invalid();
      // No more decimals than the enterprise's amounts have.
      const scaled = value * 10 ** ent.amo_point;
      if (Math.abs(scaled - Math.round(scaled)) > 1e-6) throw invalid();
      if (value < Number(ent.recharge_min) || value > Number(ent.recharge_max)) throw invalid();
      amount = toFixedHalfUp(value, ent.amo_point);
      const [rule] = await tx.query<{ rule_id: string; gift: string }>(
        'SELECT rule_id, gift::text AS gift FROM recharge_rule WHERE ent_id = $1 AND amount = $2 AND NOT disabled ORDER BY sort LIMIT 1',
        [session.entId, amount],
      );
      if (rule) {
        gift = rule.gift;
        ruleId = rule.rule_id;
      }
    }
    const provider = rechargeProvider(ctx);
    const rechargeId = newRechargeId(now);
    const payId = newRechargePayId(now);
    // The provider's page speaks the app's language (as an order's does): the merchant's name and what it is for.
    const langs = await langsFor(tx, ctx.lang, { entId: session.entId });
    const entName = pick({ 'zh-CN': ent.ent_name, 'zh-TW': ent.ent_name_tw, en: ent.ent_name_en }, langs);
    const { payUrl } = await provider.createPayment({
      payId,
      amount,
      currency: ent.currency,
      description: `${entName} · ${message('rechargeDescription', ctx.lang, { id: rechargeId })}`,
      returnUrl: rechargeReturnUrl(config.publicUrl, rechargeId),
      notifyUrl: PAYMENT_CALLBACK_PATH,
    });
    await tx.query(
      `INSERT INTO vip_recharge (recharge_id, vip_id, ent_id, rule_id, amount, gift, pay_id, pay_url, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $9)`,
      [rechargeId, session.vipId, session.entId, ruleId, amount, gift, payId, payUrl, now],
    );
    const answer = await rechargeAnswer(tx, rechargeId);
    return { table1: [{ SheetID: answer.SheetID, PayID: answer.PayID, PayUrl: withLang(answer.PayUrl, ctx.lang), Amo: answer.Amo, GiftAmo: answer.GiftAmo, Status: answer.Status }] };
  },

  /**
   * Where the member's top-up stands. A pending one is checked with the
   * provider first, so a lost callback does not leave it pending; asking any
   * number of times credits it once.
   */
  async VipRecharge_VipAccountRechargeStatus_V3_Get(ctx, { tableData: [row] }) {
    const session = requireMember(ctx);
    const { tx, now } = ctx;
    const [r] = await tx.query<RechargeRow>(`SELECT ${RECHARGE_COLUMNS} FROM vip_recharge WHERE recharge_id = $1 AND vip_id = $2`, [row!.SheetID, session.vipId]);
    if (!r) throw new OpError('rechargeNotFound');
    if (r.status === 'pending') {
      const provider = rechargeProvider(ctx);
      const remote = await provider.queryPayment(r.pay_id);
      if (remote && (remote.status === 'paid' || remote.status === 'cancelled')) {
        await applyRechargeCallback(tx, { payId: remote.payId, status: remote.status, providerRef: remote.providerRef, amount: remote.amount }, now);
      }
    }
    const answer = await rechargeAnswer(tx, r.recharge_id);
    // A pending top-up's page, opened again, in the language the app asks in now.
    return { table1: [{ ...answer, PayUrl: answer.PayUrl && withLang(answer.PayUrl, ctx.lang) }] };
  },

};
