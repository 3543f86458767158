import OrderConfirmPage from './OrderConfirmPage';

export default function PrepayOrderConfirmPage() {
  return <OrderConfirmPage payMode="prepay" />;
}
