import History from '@mui/icons-material/History';
import { EventList } from './EventList';
import { EventShow } from './EventShow';

export default {
  name: 'events',
  list: EventList,
  show: EventShow,
  icon: History,
  options: { label: 'Event log' },
};
