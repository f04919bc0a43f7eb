import ReceiptLong from '@mui/icons-material/ReceiptLong';
import { TransactionList } from './TransactionList';

export default { name: 'transactions', list: TransactionList, icon: ReceiptLong };
