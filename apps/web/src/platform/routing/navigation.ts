/** Lets code outside React (the 401 flow, logout) change the route through the router. */
type Navigator = (to: string) => void;

let navigator: Navigator = (to) => {
  window.location.assign(to);
};

export function bindNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string): void {
  navigator(to);
}
