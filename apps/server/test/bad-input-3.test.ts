import { badInputSuite } from './bad-input/suite.ts';

/** No 5xx from bad input (docs/decisions/012): the API's routes 3 of 3, see the suite. */
badInputSuite(2, 3);
