import OrderConfirmPage from './OrderConfirmPage';

export default function PostpayOrderConfirmPage() {
  return <OrderConfirmPage payMode="postpay" />;
}
