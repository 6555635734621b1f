// The class-list helpers moved to the style model (../style/classList.ts), shared with the inspector.
export * from '../style/classList.ts';
