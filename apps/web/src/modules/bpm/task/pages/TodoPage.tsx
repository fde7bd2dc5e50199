import { TaskTable } from '../components/TaskTable';

/** Tasks waiting for the caller. */
export default function TodoPage() {
  return <TaskTable kind="todo" />;
}
