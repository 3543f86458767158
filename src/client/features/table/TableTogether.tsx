/**
 * On the menu at a pay-after table (issue 28): keeps the table's live cart
 * mirrored for the menu's counts and the cart bar, and offers "Call staff"
 * and "Ask for the bill". Its own chunk, loaded after the menu.
 */
import { CallStaff } from './CallStaff';
import { useTableLive } from './useTableLive';

export default function TableTogether({ tableId }: { tableId: string }) {
  const { calls } = useTableLive(tableId);
  return <CallStaff tableId={tableId} calls={calls.data ?? []} />;
}
