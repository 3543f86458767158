import CartPage from './CartPage';

export default function PrepayCartPage() {
  return <CartPage payMode="prepay" />;
}
