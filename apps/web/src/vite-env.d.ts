/// <reference types="vite/client" />

/** Injected by vite.config.ts (`define`): the studio's build-time configuration. */
declare const __STUDIO_CONFIG__: {
  name: string;
  tagline: string;
  phone: string;
  email: string;
  address: string;
  instagram: string;
  timeZone: string;
};
