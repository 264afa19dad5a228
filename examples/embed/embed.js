// Loads a published Mapwright (its dist/ folder, on any host that sends the CORS headers listed in
// docs/configuration.md, "Publish") and puts it on this page twice: as an element and with mount().
// Where the app is published: change this, or open the page with ?app=https://maps.example.org/.
const published =
  new URLSearchParams(window.location.search).get('app') ?? 'https://maps.example.org/';
const appUrl = new URL(published, window.location.href);

// 1. The element: an attribute names its config (without one, the app-config.json beside the module).
// It mounts as soon as the module below defines <mapwright-app>.
const element = document.getElementById('element-app');
element.setAttribute('config', new URL('app-config.json', appUrl).href);

const { mount } = await import(new URL('mapwright.js', appUrl).href);

// 2. mount(): any element; the handle's destroy() takes the app out again, releasing all it held.
const mounted = mount(document.getElementById('mounted-app'), {
  configUrl: new URL('app-config.json', appUrl).href,
  storageNamespace: 'field-notes-mounted',
});

// What this page keeps to take both apps out (a page that swaps content would do this).
window.fieldNotes = {
  destroy() {
    element.remove();
    mounted.destroy();
  },
};
