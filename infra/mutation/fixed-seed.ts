import fc from 'fast-check';

// One seed for every property under mutation testing: the same inputs on every run.
fc.configureGlobal({ seed: 29 });
