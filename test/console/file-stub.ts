// Stands in for CSS, SVG and PNG imports in console tests.
export default 'test-file-stub';
