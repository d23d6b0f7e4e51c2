import { useSession } from '../features/auth/api/get-session';
import { MyTodoListPage } from '../features/todos/components/my-todo-list-page';
import { workflowHref } from './workflow-routes';

/** my-todo-list: the todo list, whose client links open the workflow in its list (Rule 9). */
export function MyTodoListScreen() {
  const user = useSession().data;
  return user ? <MyTodoListPage user={user} workflowHref={workflowHref} /> : null;
}
