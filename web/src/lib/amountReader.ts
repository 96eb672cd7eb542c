// The core's reader of typed amounts (readAmountText, ADR 0061) in a chunk of its own:
// money fields load it after their page rendered (components/MoneyInput.tsx), so it is
// in no route's first load (ADR 0065).
export { readAmountText } from '@tripcost/shared/domain';
