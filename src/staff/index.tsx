/** The kitchen and counter screen's entry (its own bundle, served at /staff/). */
import { createRoot } from 'react-dom/client';
import { StaffApp } from './app/StaffApp';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StaffApp />);
