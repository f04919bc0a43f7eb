import Undo from '@mui/icons-material/Undo';
import { RefundList } from './RefundList';

export default { name: 'refunds', list: RefundList, icon: Undo };
