import Assignment from '@mui/icons-material/Assignment';
import { EvaluationList } from './EvaluationList';

export default {
  name: 'evaluations',
  list: EvaluationList,
  icon: Assignment,
  options: { label: 'Evaluations' },
};
