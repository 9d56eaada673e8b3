import { badInputSuite } from './bad-input/suite.ts';

/** No 5xx from bad input (docs/decisions/012): the API's routes 2 of 3, see the suite. */
badInputSuite(1, 3);
