import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Sections are lazy chunks and every read goes through the stand-in: on a loaded 2-core machine allow more than 1 s.
configure({ asyncUtilTimeout: 5000 });
