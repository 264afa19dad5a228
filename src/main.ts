// Browser entry: finds the shell and mounts the app into it.
import { mountApp } from './app/mount-app';
import './styles/tokens.css';
import './styles/app.css';

const root = document.getElementById('app');
if (root) void mountApp(root, { configUrl: './app-config.json' });
