import HowToReg from '@mui/icons-material/HowToReg';
import { ApplicationList } from './ApplicationList';

export default {
  name: 'evaluator-applications',
  list: ApplicationList,
  icon: HowToReg,
  options: { label: 'Applications' },
  recordRepresentation: 'email',
};
