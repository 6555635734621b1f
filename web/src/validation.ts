/** Spec 000 §5: a one-time code is required, numeric, 6 digits. */
export const OTP = /^[0-9]{6}$/;
