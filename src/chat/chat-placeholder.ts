// What #chat shows from the first frame until the chat module has loaded (mountChat replaces it), so
// a person on a slow machine sees where the conversation will be instead of an empty column.

/** Fills an empty `element` with a loading state; returns false when something is already there. */
export function showChatPlaceholder(element: HTMLElement, title = 'Mapwright'): boolean {
  if (element.childElementCount > 0) return false;
  const placeholder = document.createElement('div');
  placeholder.className = 'chat-placeholder';
  placeholder.setAttribute('role', 'status');
  const heading = document.createElement('h1');
  heading.textContent = title;
  const message = document.createElement('p');
  message.textContent = 'Starting the chat…';
  placeholder.append(heading, message);
  element.setAttribute('aria-busy', 'true');
  element.append(placeholder);
  return true;
}

/** Names the loading state after the configured title once the config is known. */
export function retitleChatPlaceholder(element: HTMLElement, title: string): void {
  const heading = element.querySelector('.chat-placeholder h1');
  if (heading) heading.textContent = title;
}
