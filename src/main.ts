// Browser entry: applies the saved theme before anything draws, then finds the shell and mounts the app.
import './app/apply-saved-theme';
import { mountApp } from './app/mount-app';
import './styles/tokens.css';
import './styles/app.css';

const root = document.getElementById('app');
if (root) void mountApp(root, { configUrl: './app-config.json' });
