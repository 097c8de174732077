import { useNotify } from 'ra-core';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { deliverToastsAfterNavigation, registerBridge } from '.';

/** Lets the http client, which lives outside React, toast and navigate. */
export function Bridge() {
  const notify = useNotify();
  const navigate = useNavigate();
  const { key } = useLocation();
  useEffect(() => registerBridge((message, type) => notify(message, { type }), navigate), [notify, navigate]);
  // A newly mounted tree (the sign-in page after a 401) and a new location alike.
  useEffect(() => deliverToastsAfterNavigation(), [key, notify]);
  return null;
}
