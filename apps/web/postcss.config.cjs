// Mantine's PostCSS preset: rem/em helpers and mixins for the app's few CSS modules.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
