/** What a change of the member's money touches: balance, points and coupons (and so the figures on Mine; issue 13 item 9). */
export const MEMBER_MONEY_TAGS = ['Balance', 'Points', 'Coupons'] as const;
