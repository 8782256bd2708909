import { AddressPolicy } from '../../src/services/webhooks/public-address';
import { anyString } from '../support/matchers';

describe('the public-address rule of webhook deliveries (contract §10)', () => {
  const policy = new AddressPolicy([]);

  it.each([['8.8.8.8'], ['1.1.1.1'], ['2606:4700:4700::1111'], ['::ffff:8.8.8.8']])('permits the public unicast address %s', (address) => {
    expect(policy.isPermitted(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'IPv6 unique local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['192.0.2.10', 'documentation'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
  ])('refuses %s (%s)', (address) => {
    expect(policy.isPermitted(address)).toBe(false);
  });

  it('WEBHOOK_ALLOW_CIDRS exempts exactly its ranges', () => {
    const exempt = new AddressPolicy(['127.0.0.0/8']);
    expect(exempt.isPermitted('127.0.0.1')).toBe(true);
    expect(exempt.isPermitted('::ffff:127.0.0.1')).toBe(true);
    expect(exempt.isPermitted('10.0.0.1')).toBe(false);
  });

  it('resolves names and refuses one that points at a private address', async () => {
    await expect(policy.resolvePermitted('localhost')).rejects.toThrow(/not a public address/);
    await expect(policy.resolvePermitted('[::1]')).rejects.toThrow(/not a public address/);
    await expect(new AddressPolicy(['127.0.0.0/8', '::1/128']).resolvePermitted('localhost')).resolves.toMatchObject({ address: anyString() });
  });
});
