import { createBrowserRouter } from 'react-router';
import { bindNavigator } from './navigation.ts';
import { routes } from './routes.tsx';

export const router = createBrowserRouter(routes);

bindNavigator((to) => {
  void router.navigate(to, { replace: true });
});
