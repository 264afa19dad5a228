// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { readThemeChoice, saveThemeChoice, themeStorageKey } from '../../src/settings/theme-store';
import { ThemeToggle } from '../../src/settings/theme-toggle';

describe('the theme toggle', () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
  });

  it('follows the device until pressed, then steps light, dark and back to the device', () => {
    const toggle = new ThemeToggle({
      initial: readThemeChoice(),
      onChoose: (choice) => saveThemeChoice(choice),
    });
    const page = document.documentElement;
    expect(page.dataset.theme).toBeUndefined();
    expect(toggle.root.getAttribute('aria-label')).toBe('Theme: same as device. Switch to light');
    toggle.root.click();
    expect(page.dataset.theme).toBe('light');
    expect(localStorage.getItem(themeStorageKey)).toBe('light');
    toggle.root.click();
    expect(page.dataset.theme).toBe('dark');
    expect(toggle.root.getAttribute('aria-label')).toBe('Theme: dark. Switch to same as device');
    toggle.root.click();
    expect(page.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(themeStorageKey)).toBeNull();
  });

  it('comes back as the person left it on the next visit', () => {
    new ThemeToggle({
      initial: readThemeChoice(),
      onChoose: (choice) => saveThemeChoice(choice),
    }).choose('dark');
    delete document.documentElement.dataset.theme;
    const again = new ThemeToggle({
      initial: readThemeChoice(),
      onChoose: (choice) => saveThemeChoice(choice),
    });
    expect(again.current).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('treats an unknown saved value as "same as device"', () => {
    localStorage.setItem(themeStorageKey, 'sepia');
    expect(readThemeChoice()).toBe('system');
  });

  it('still switches the page when storage refuses to keep the choice', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const toggle = new ThemeToggle({
      initial: readThemeChoice(refusing),
      onChoose: (choice) => saveThemeChoice(choice, refusing),
    });
    toggle.root.click();
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
