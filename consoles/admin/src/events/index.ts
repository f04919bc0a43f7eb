import History from '@mui/icons-material/History';
import { EventList } from './EventList';

export default { name: 'events', list: EventList, icon: History, options: { label: 'Event log' } };
