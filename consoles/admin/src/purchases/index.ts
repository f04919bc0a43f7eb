import ShoppingCart from '@mui/icons-material/ShoppingCart';
import { PurchaseList } from './PurchaseList';

export default { name: 'purchases', list: PurchaseList, icon: ShoppingCart };
