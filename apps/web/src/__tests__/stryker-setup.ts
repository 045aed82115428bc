import { configure } from '@testing-library/react';

// Under StrykerJS (stryker.web.config.mjs) the code is instrumented and the
// machine busy: waiting for the screen gets 5 s instead of 1 s, so a slow
// render is not taken for a killed mutant.
configure({ asyncUtilTimeout: 5000 });
