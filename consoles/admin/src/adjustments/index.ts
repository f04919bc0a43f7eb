import Balance from '@mui/icons-material/Balance';
import { AdjustmentCreate } from './AdjustmentCreate';
import { AdjustmentList } from './AdjustmentList';

export default {
  name: 'adjustments',
  list: AdjustmentList,
  create: AdjustmentCreate,
  icon: Balance,
  options: { label: 'Credit adjustments' },
};
