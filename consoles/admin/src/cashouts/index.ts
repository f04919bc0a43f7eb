import Payments from '@mui/icons-material/Payments';
import { CashoutList } from './CashoutList';

export default { name: 'cashouts', list: CashoutList, icon: Payments, options: { label: 'Cash-outs' } };
