/**
 * Split by purpose (issue 29): what is left here serves the two callers not moved yet (app.ts and
 * sponsor.service.ts, being edited) and goes with them. New code imports the facade of its purpose:
 * people-names, people-display, team-person, people-map, people-geo, sign-up, people-batch
 * (`*.lookup.ts`), people.policy.ts or people.service.ts.
 */
export { peopleVisibility } from './people.policy.ts';
export { countContacts } from './people.service.ts';
export { visiblePeopleNames } from './people-names.lookup.ts';
export { mergeSignUpInto, signUpNewPerson } from './sign-up.lookup.ts';
