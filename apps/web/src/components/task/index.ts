export { TaskProgress } from './TaskProgress';
export { useTask, taskApi, isFinished } from './useTask';
