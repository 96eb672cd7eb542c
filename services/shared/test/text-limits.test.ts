// The one table of text limits and the one rule the services and the web fields measure by.
import { PROFILE_LIMITS, TEXT_LIMITS, textLength, textLimitProblem, WISHLIST_NAME_MAX } from '../src/domain';

describe('text limits', () => {
  it('when a text is measured, then it is trimmed first, as the services store it', () => {
    expect(textLength('  Spring week  ')).toBe('Spring week'.length);
    expect(textLimitProblem(` ${'x'.repeat(60)} `, TEXT_LIMITS.windowName, 'Window name')).toBeNull();
  });

  it('when a text is one over its limit, then the problem names the field and its limit', () => {
    expect(textLimitProblem('x'.repeat(61), TEXT_LIMITS.windowName, 'Window name')).toBe(
      'Window name: at most 60 characters',
    );
    expect(textLimitProblem('x'.repeat(2001), TEXT_LIMITS.windowNotes, 'Notes')).toBe(
      'Notes: at most 2,000 characters',
    );
  });

  it('when the profile and wishlist rules have limits, then the table holds the same ones', () => {
    expect([TEXT_LIMITS.firstName, TEXT_LIMITS.city, TEXT_LIMITS.postalCode, TEXT_LIMITS.wishlistName]).toEqual([
      PROFILE_LIMITS.nameMax,
      PROFILE_LIMITS.cityMax,
      PROFILE_LIMITS.postalCodeMax,
      WISHLIST_NAME_MAX,
    ]);
  });
});
