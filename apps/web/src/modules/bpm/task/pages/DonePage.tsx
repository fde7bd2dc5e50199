import { TaskTable } from '../components/TaskTable';

/** Tasks the caller decided. */
export default function DonePage() {
  return <TaskTable kind="done" />;
}
