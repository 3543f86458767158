/**
 * Split the bill at a table (issue 28), its own chunk: loaded when a diner
 * opens it. A module of its own, so the pages that use other parts of this
 * feature's public module (the home page's resume notice) do not carry it.
 */
import { lazy } from 'react';

export const SplitBill = lazy(() => import(/* webpackChunkName: "split-bill" */ './split/SplitBill'));
