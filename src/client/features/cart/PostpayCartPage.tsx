import CartPage from './CartPage';

export default function PostpayCartPage() {
  return <CartPage payMode="postpay" />;
}
