module.exports = '/test-file-stub.svg';
