// The "Add data" button and drop target over the map.
import type { UploadOutcome } from './upload-dataset';

/** Mounts the file picker into `container` and accepts files dropped on it. */
export function mountUploadControl(
  container: HTMLElement,
  upload: (file: File) => Promise<UploadOutcome>,
  report: (outcome: UploadOutcome) => void,
): void {
  const label = document.createElement('label');
  label.className = 'upload-control';
  label.textContent = 'Add data (CSV, GeoJSON, Parquet)';
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = '.csv,.tsv,.geojson,.json,.parquet';
  input.className = 'upload-input';
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    input.value = '';
    for (const file of files) void upload(file).then(report);
  });
  label.append(input);
  container.append(label);
  container.addEventListener('dragover', (event) => {
    event.preventDefault();
    container.classList.add('upload-dragging');
  });
  container.addEventListener('dragleave', () => container.classList.remove('upload-dragging'));
  container.addEventListener('drop', (event) => {
    event.preventDefault();
    container.classList.remove('upload-dragging');
    for (const file of event.dataTransfer?.files ?? []) void upload(file).then(report);
  });
}
