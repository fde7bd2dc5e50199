export { TaskProgress } from './TaskProgress';
export { useTask, isFinished } from './useTask';
