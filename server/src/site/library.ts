import { sectionLibrary as designs } from '../templates/sections.js';
import type { SectionLibrary } from './sections.js';

/** The section library the editor serves (GET /sections) and builds sections from: the templates' designs. */
export const sectionLibrary: SectionLibrary = designs;
