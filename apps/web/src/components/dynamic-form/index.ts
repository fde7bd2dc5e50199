export { DynamicForm, dynamicFormValues, type DynamicFormProps } from './DynamicForm';
