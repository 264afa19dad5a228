// Files dropped on an element: the drag shows where they would go, and each file is handed over.
import type { Mounted } from '../ui/mounted';

/** Takes files dropped on `target` (marked `data-dragging` while a drag is over it); destroy() stops. */
export function acceptFileDrops(target: HTMLElement, onFile: (file: File) => void): Mounted {
  const hasFiles = (event: DragEvent): boolean =>
    [...(event.dataTransfer?.types ?? [])].includes('Files');
  const over = (event: DragEvent): void => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    target.dataset.dragging = 'true';
  };
  const leave = (): void => void delete target.dataset.dragging;
  const drop = (event: DragEvent): void => {
    if (!hasFiles(event)) return;
    // Taken here, so the map's upload target under the chat on a phone does not read it too.
    event.preventDefault();
    event.stopPropagation();
    leave();
    for (const file of event.dataTransfer?.files ?? []) onFile(file);
  };
  target.addEventListener('dragover', over);
  target.addEventListener('dragleave', leave);
  target.addEventListener('drop', drop);
  return {
    destroy: () => {
      target.removeEventListener('dragover', over);
      target.removeEventListener('dragleave', leave);
      target.removeEventListener('drop', drop);
      leave();
    },
  };
}
