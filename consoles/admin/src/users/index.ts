import People from '@mui/icons-material/People';
import { personLabel } from '../common/PersonField';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

export default {
  name: 'users',
  list: UserList,
  show: UserShow,
  icon: People,
  recordRepresentation: personLabel,
};
